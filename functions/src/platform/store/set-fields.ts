/** The parts of an UpdateItem that set plain attributes (`SET #f0 = :v0, ...`), ready to spread into its input. */
export interface SetFieldsUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * An UpdateItem's `SET` of each attribute in `fields` to its value, every name and value a placeholder (so reserved
 * words such as `state` or `course` are safe). A field whose value is `undefined` is left as it is, not removed.
 * @param fields attribute name to value; at least one value must be defined
 * @throws Error when no field has a value (DynamoDB refuses an empty `SET`)
 */
export function setFields(fields: Record<string, unknown>): SetFieldsUpdate {
  const set = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!set.length) throw new Error('setFields: nothing to set');
  return {
    UpdateExpression: `SET ${set.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(set.map(([n], i) => [`#f${i}`, n])),
    ExpressionAttributeValues: Object.fromEntries(set.map(([, v], i) => [`:v${i}`, v])),
  };
}
