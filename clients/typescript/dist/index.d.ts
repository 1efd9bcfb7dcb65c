import type { Client, ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";
export type { components, operations, paths };
export type BackofficeClient = Client<paths, "application/json">;
/** The one error body of the API (docs/openapi.json, ErrorBody). */
export type ErrorBody = components["schemas"]["ErrorBody"];
/** A typed client of the API at `baseUrl` (the stack's address, e.g. http://127.0.0.1:3000). */
export declare function createClient(baseUrl: string, options?: Omit<ClientOptions, "baseUrl">): BackofficeClient;
/** Basic credentials for POST /www/token: `{ headers: { Authorization: basic(user, password) } }`. */
export declare function basic(user: string, password: string): string;
