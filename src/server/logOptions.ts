// The server's log. By default (LOG_FORMAT=pretty) one readable line per event: the time, the level, what happened
// and, for a failure, the error and where it was thrown; LOG_FORMAT=json writes pino's JSON lines, stack traces
// whole, for a log collector. Requests are not logged one by one at the default level (info): a failing one is
// logged once, by the error handler (src/server/plugins/errors.ts). LOG_LEVEL=debug adds a line per request.
import { LogController, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

/** "TypeError: boom (at src/server/areas/x.ts:12:5)": the error and its first frame, on one line. */
function errorText(err: LoggedError): string {
  const frame = /\n\s+at (?:.*?\()?(.*?)\)?(?:\n|$)/.exec(err.stack ?? '')?.[1];
  const where = frame ? ` (at ${frame.replace(`${process.cwd()}/`, '').replace(/^file:\/\//, '')})` : '';
  return `${err.type ?? 'Error'}: ${err.message ?? ''}${where}`;
}

/** The line after the time and level: the message, the request it concerns, the error. */
function messageText(log: Record<string, unknown>): string {
  const parts = [String(log.msg ?? '')];
  if (typeof log.method === 'string' && typeof log.url === 'string') parts.push(`${log.method} ${log.url}`);
  if (log.err && typeof log.err === 'object') parts.push(errorText(log.err as LoggedError));
  return parts.filter(Boolean).join(' · ');
}

/** `destination`: where the readable lines go (standard output unless a test gives its own stream). */
export function loggerOptions(level: string, format: LogFormat, destination?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const logController = new LogController({ disableRequestLogging: !['debug', 'trace'].includes(level) });
  if (format === 'json') return { logger: { level }, logController };
  const stream = pretty({
    colorize: !destination && Boolean(process.stdout.isTTY),
    ...(destination ? { destination, sync: true } : {}),
    translateTime: 'SYS:HH:MM:ss',
    // What the message line says already, and what a reader of the console does not need.
    ignore: 'pid,hostname,reqId,req,res,responseTime,err,method,url',
    singleLine: true,
    messageFormat: (log) => messageText(log),
  });
  return { logger: { level, stream }, logController };
}
