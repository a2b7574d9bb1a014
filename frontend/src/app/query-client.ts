import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache (provided at the root in `main.tsx`). `api()` stays the fetcher, so every read and write
 * still shows the loading overlay and, on failure, the server's message in the popup; hence no automatic retries
 * (a 4xx would pop up again) and no refetch on window focus (the overlay would flash). Reads stay fresh for 30 s;
 * writes update or invalidate what they change (see `entity/list-cache.ts` and the pages' mutations).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
