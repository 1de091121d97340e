import { useEffect, useState } from 'react';

/** An image the staff API answers (sent with the staff token, which an <img src> cannot carry); opens full size. */
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
    // The loader names one image of one application; another application is another component.
  }, []);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="promotions__image-link">
      <img className="promotions__image" src={url} alt={alt} data-testid="application-image" />
    </a>
  ) : null;
}
