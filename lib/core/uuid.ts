// Ids in paths, cursors and CLI arguments are UUIDs: anything else is answered before it reaches a query
// (PostgreSQL would refuse the cast with an error instead of "not found").
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
