import { useEffect } from 'react';

/** "Page · Brand": a descriptive, unique title per page for tabs, history and search engines. */
export const useDocumentTitle = (page: string | null, brand: string) => {
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
};
