/** The ES module build of Swagger UI (swagger-ui-dist ships no types of its own). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** A request Swagger UI is about to send ("Try it out"), which the interceptor may change. */
  export interface SwaggerRequest {
    url: string;
    headers: Record<string, string>;
  }
  /** Draws the document at `url` into the element `domNode`. */
  export default function SwaggerUIBundle(options: {
    url: string;
    domNode: HTMLElement;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    tryItOutEnabled?: boolean;
    requestInterceptor?: (req: SwaggerRequest) => SwaggerRequest | Promise<SwaggerRequest>;
    /** Called once the document is drawn. */
    onComplete?: () => void;
  }): unknown;
}
