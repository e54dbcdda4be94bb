import { useEffect, useState } from 'react';
import { cn } from '../lib/cn';
import { safeUrl } from '../lib/url';

const cache = new Map<string, string>();

function useIdenticon(seed: string, enabled: boolean): string | undefined {
  const [uri, setUri] = useState(() => cache.get(seed));
  useEffect(() => {
    if (!enabled) return;
    const hit = cache.get(seed);
    if (hit) {
      setUri(hit);
      return;
    }
    let live = true;
    import('./identicon')
      .then(({ identiconDataUri }) => {
        const made = identiconDataUri(seed);
        cache.set(seed, made);
        if (live) setUri(made);
      })
      .catch(() => {
        // The placeholder circle stays; an avatar is never worth an error.
      });
    return () => {
      live = false;
    };
  }, [seed, enabled]);
  return enabled ? (uri ?? cache.get(seed)) : undefined;
}

/**
 * A round avatar of a fixed size: the user's photo, else a DiceBear identicon
 * seeded by their id (spec §2 Leaderboard). Decorative unless `alt` is given,
 * because a name is always printed beside it.
 */
export function Avatar({
  seed,
  photoURL,
  size = 40,
  alt = '',
  className,
}: {
  seed: string;
  photoURL?: string | null;
  size?: number;
  alt?: string;
  className?: string;
}) {
  const photo = safeUrl(photoURL);
  const [photoFailed, setPhotoFailed] = useState(false);
  const usePhoto = !!photo && !photoFailed;
  const identicon = useIdenticon(seed, !usePhoto);
  const src = usePhoto ? photo : identicon;
  return (
    <span
      className={cn(
        'inline-block shrink-0 overflow-hidden rounded-full bg-surface-3 ring-1 ring-line',
        className,
      )}
      style={{ width: size, height: size }}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={usePhoto ? () => setPhotoFailed(true) : undefined}
        />
      ) : null}
    </span>
  );
}
