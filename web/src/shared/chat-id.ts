/** Milliseconds of a chat id "<ms>-<seq>". */
export const chatIdMs = (id: string) => Number(id.split('-')[0]);
