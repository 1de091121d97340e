import { useEffect, useState } from 'react';

/** An image the staff API answers (sent with the staff token, which an <img src> cannot carry). */
export function BlobImage({ load, alt }: { load: () => Promise<Blob>; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    load()
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // The loader names one image; a new chat or message gives a new component.
  }, []);
  return url ? <img className="support__image" src={url} alt={alt} /> : null;
}
