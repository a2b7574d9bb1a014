import { OPENAPI_PATH } from '@attain/shared-types';
import { useEffect, useRef, useState } from 'react';
import { idToken } from '../../app/auth';
import { campusHeaders } from '../../app/campus-choice';

/**
 * `/utilities/api-reference` (administrators): the API's OpenAPI document (`GET /api/openapi.json`, every route with
 * its parameters, bodies and answers) drawn by Swagger UI, for the college's integrators. Swagger UI is loaded only
 * when this page opens; "Try it out" sends the signed-in user's token (and the chosen campus), so it reads and writes
 * what that user may.
 */
export default function ApiReferencePage() {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([import('swagger-ui-dist/swagger-ui-es-bundle.js'), import('swagger-ui-dist/swagger-ui.css')])
      .then(([{ default: SwaggerUIBundle }]) => {
        if (!live || !host.current) return;
        // The page has one h1, its title: Swagger UI's own h1 (the document's title) is read as a level-2 heading.
        const demote = (root: ParentNode) => root.querySelectorAll('h1').forEach((h) => h.setAttribute('aria-level', '2'));
        new MutationObserver(() => host.current && demote(host.current)).observe(host.current, { childList: true, subtree: true });
        SwaggerUIBundle({
          url: OPENAPI_PATH,
          domNode: host.current,
          deepLinking: false,
          docExpansion: 'none',
          defaultModelsExpandDepth: 0,
          requestInterceptor: async (req) => {
            const token = await idToken();
            req.headers = { ...req.headers, ...campusHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
            return req;
          },
          // Swagger UI's server picker has no label of its own: a screen reader would announce an unnamed list.
          onComplete: () => host.current?.querySelector('.servers select')?.setAttribute('aria-label', 'Server'),
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="api-reference">
      <h2>API reference</h2>
      <p className="hint">
        Every route of the Attain API with what it takes and answers, from the same declarations the server checks requests with. The
        document itself is at <a href={OPENAPI_PATH}>{OPENAPI_PATH}</a> (OpenAPI 3.1).
      </p>
      {failed ? <p role="alert">The API reference could not be loaded; reload the page to try again.</p> : null}
      <div ref={host} className="api-reference-doc" />
    </section>
  );
}
