import { type FastifyRequest } from 'fastify';
import { type Config } from '../config.js';

/** The shop's public origin: PUBLIC_URL, else the request's own (through the gateway's forwarded headers). */
export const originOf = (request: FastifyRequest, config: Config): string => config.publicUrl ?? `${request.protocol}://${request.host}`;
