// Reads a revision's method tables off its official schema: every *Request / *Notification type names its method in
// a `method` const (the first type naming a method wins, so a one-member union such as ClientNotification does not
// shadow the type itself); a request's result type is the same name ending in `Result`, else `EmptyResult` (ping,
// logging/setLevel, …); a request may be answered by an InputRequiredResult where its `<Name>ResultResponse` type
// lists one.

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** `{message, result, notifications, inputRequired}` of one schema, keys sorted for stable output. */
export function methodTables(schema) {
  // JSON Schema 2020-12 keeps the types in `$defs`, draft-07 (the revisions before 2025-11-25) in `definitions`.
  const defs = isObject(schema.$defs) ? schema.$defs : isObject(schema.definitions) ? schema.definitions : {};
  const message = {};
  const result = {};
  const notifications = [];
  const inputRequired = [];
  for (const [name, def] of Object.entries(defs)) {
    const method = def?.properties?.method?.const;
    if (typeof method !== "string" || Object.hasOwn(message, method)) continue;
    if (!name.endsWith("Request") && !name.endsWith("Notification")) continue;
    message[method] = name;
    if (name.endsWith("Notification")) {
      notifications.push(method);
      continue;
    }
    const stem = name.slice(0, -"Request".length);
    result[method] = Object.hasOwn(defs, `${stem}Result`) ? `${stem}Result` : "EmptyResult";
    const answer = defs[`${stem}ResultResponse`]?.properties?.result;
    const refs = [...(answer?.anyOf ?? []), ...(answer?.oneOf ?? [])].map((s) => s?.$ref);
    if (refs.some((ref) => typeof ref === "string" && ref.endsWith("/InputRequiredResult"))) inputRequired.push(method);
  }
  const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    message: sorted(message),
    result: sorted(result),
    notifications: notifications.sort(),
    inputRequired: inputRequired.sort(),
  };
}
