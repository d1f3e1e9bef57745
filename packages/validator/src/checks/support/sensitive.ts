/** Field names and labels that plainly ask for a secret or a payment credential (elicitation forms, tool headers). */
export const SENSITIVE_FIELD =
  /pass(word|wd|phrase|code)|\bpin\b|api[\s_-]?key|apikey|secret|(access|auth|bearer|refresh)[\s_-]?token|private[\s_-]?key|credit[\s_-]?card|card[\s_-]?number|\bcvv\b|\bcvc\b|\biban\b/i;
