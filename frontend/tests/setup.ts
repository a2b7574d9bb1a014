import { configure } from '@testing-library/react';

/**
 * A `findBy…`/`waitFor` waits as a person would for the page to show what it should. Testing Library's default
 * (1000 ms) is too short when `npm test` runs the frontend tests beside the integration stack with both cores busy;
 * 10 s fails only what never comes, and a passing wait still returns as soon as the page shows it.
 */
configure({ asyncUtilTimeout: 10_000 });
