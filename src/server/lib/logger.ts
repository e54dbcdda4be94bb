import pino from 'pino';

/** JSON logs in production, readable ones in a terminal during development. */
export function createLogger(opts: { level: string; pretty: boolean }) {
  return pino({
    level: opts.level,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    ...(opts.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
export type Logger = pino.Logger;
