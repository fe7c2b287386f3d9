// The response types in shared/schemas/<entity>.ts describe what the API sends and what its clients read:
// JSON, so a timestamp is a string there. The server's mappers build those objects from database rows,
// whose timestamps are Date objects that JSON.stringify writes as toISOString(). `Sendable` is the type a
// mapper `satisfies`: the response type, with a Date allowed in the named timestamp fields.

/** yyyy-MM-dd: a calendar day at the clinic (Asia/Kolkata). */
export type IsoDate = string;

/** An ISO 8601 date-time (toISOString()). */
export type IsoDateTime = string;

/** What a server may hand to JSON.stringify to send `T`: `T`, with a Date allowed in `DateFields`. */
export type Sendable<T, DateFields extends keyof T = never> = {
  [K in keyof T]: K extends DateFields ? T[K] | Date : T[K];
};
