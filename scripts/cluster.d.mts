// Types of scripts/cluster.mjs for the TypeScript tests that start instances with it.
import type { ChildProcess } from 'node:child_process';
import type { ClientRequest, IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Instance {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  child: ChildProcess;
  /** The first line of the instance's output matching `pattern`, once printed. */
  printed(pattern: RegExp): Promise<string>;
}

export declare function startInstance(env: Record<string, string>): Promise<Instance>;
export declare function roundRobinProxy(targets: string[], port: number, host?: string): Promise<Server>;
export declare function forward(req: IncomingMessage, res: ServerResponse, target: string, onAnswer?: (answer: IncomingMessage) => boolean): ClientRequest;
