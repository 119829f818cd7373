/** The element's SWR key of the provider's custom fields; their call is started under the same key ahead of the step. */
export const customFieldsKey = (userId: number) => ["custom-fields", userId] as const;
