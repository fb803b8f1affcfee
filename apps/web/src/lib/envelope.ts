import type { ApiSuccess } from '@kartlink/contracts';

/** RTK Query `transformResponse` for `{ success: true, data }`: the data alone. */
export const dataOf = <T>(response: ApiSuccess<T>): T => response.data;

/** The data and the server's message for people, for calls whose message is shown. */
export const dataWithMessage = <T>(response: ApiSuccess<T>): { data: T; message?: string } =>
  response.message === undefined
    ? { data: response.data }
    : { data: response.data, message: response.message };
