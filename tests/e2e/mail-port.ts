// Where an e2e server's captured mail is read: its port plus this (serve.ts listens there).
export const MAIL_PORT_OFFSET = 50;
