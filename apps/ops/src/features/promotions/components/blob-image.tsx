import { useEffect, useState } from 'react';

/** The image as a data: URL: the back office's Content-Security-Policy allows data: images, not blob: ones. */
const dataUrlOf = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one String.fromCharCode call per 32 KB keeps within the engine's argument limit (images are ≤ 5 MB).
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
};

/** An image the staff API answers (sent with the staff token, which an <img src> cannot carry). */
export function BlobImage({ load, alt }: { load: () => Promise<Blob>; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then(dataUrlOf)
      .then((made) => {
        if (live) setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The loader names one image of one application; another application is another component.
  }, []);
  return url ? (
    <img className="promotions__image" src={url} alt={alt} data-testid="application-image" />
  ) : (
    <span className="skeleton promotions__image" aria-busy="true" />
  );
}
