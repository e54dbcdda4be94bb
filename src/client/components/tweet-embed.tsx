import { CircleAlert, CloudOff } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { MSG } from '@/shared/messages';
import { tweetId } from '@/shared/rules/links';
import { cn } from '../lib/cn';
import { loadXWidgets, X_WIDGETS_TIMEOUT_MS } from '../lib/x-widgets';
import { XIcon } from './brand-icons';
import { Skeleton, SkeletonBars } from './ui/skeleton';

type State = 'waiting' | 'loading' | 'embedded' | 'unavailable';

/** Space kept for a tweet while it loads, so the list does not jump (a text tweet is ~200–260 px). */
const RESERVED = 'min-h-[13.5rem]';

/** True once the element has come within 200 px of the viewport (and stays true). */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

function TweetSkeleton() {
  return (
    <div className="absolute inset-0 grid content-start gap-3 rounded-xl border border-line bg-ink-2/60 p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <SkeletonBars className="grid flex-1 gap-2" bars={['h-3.5 w-32', 'h-3 w-20']} />
        <XIcon className="size-4 text-subtle" />
      </div>
      <SkeletonBars className="grid gap-3" bars={['h-3.5 w-full', 'h-3.5 w-11/12', 'h-3.5 w-2/3']} />
      <SkeletonBars className="mt-2 flex gap-6" bars={['h-3 w-10', 'h-3 w-10', 'h-3 w-10']} />
      <span className="sr-only">Loading the tweet</span>
    </div>
  );
}

/**
 * A tweet embedded by the id after /status/ (spec §2 Contribution hub) through X's
 * widget, loaded lazily when the card comes near the viewport. An unparseable link
 * shows 'Invalid tweet URL'; when the widget cannot load (offline, blocked, slow)
 * a quiet notice stays, and the card around it still shows the title and link.
 */
export function TweetEmbed({ link, className }: { link: string | null; className?: string }) {
  const id = link ? tweetId(link) : null;
  const box = useRef<HTMLDivElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const [state, setState] = useState<State>('waiting');

  useEffect(() => {
    const host = target.current;
    if (!id || !near || !host) return;
    let cancelled = false;
    let settled = false;
    let timer: number | undefined;
    // Each run owns its own node, so a late answer from an earlier run (Strict Mode, a new id) lands nowhere visible.
    const mount = document.createElement('div');
    host.appendChild(mount);
    setState('loading');
    loadXWidgets()
      .then((widgets) => {
        if (cancelled) return undefined;
        timer = window.setTimeout(() => {
          if (!settled && !cancelled) setState('unavailable');
        }, X_WIDGETS_TIMEOUT_MS);
        return widgets.createTweet(id, mount, { theme: 'dark', dnt: true, conversation: 'none' });
      })
      .then((node) => {
        settled = true;
        window.clearTimeout(timer);
        // undefined: the tweet was deleted, is private, or X refused to render it.
        if (!cancelled) setState(node || mount.childElementCount > 0 ? 'embedded' : 'unavailable');
      })
      .catch(() => {
        settled = true;
        window.clearTimeout(timer);
        if (!cancelled) setState('unavailable');
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      mount.remove();
    };
  }, [id, near]);

  if (!id) {
    return (
      <div
        className={cn(
          'flex items-center gap-2.5 rounded-xl border border-declined/30 bg-declined/10 px-3.5 py-3 text-sm text-declined',
          className,
        )}
        data-testid="tweet-invalid"
      >
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        {MSG.contribution.invalidTweetCard}
      </div>
    );
  }

  const reserving = state === 'waiting' || state === 'loading';
  return (
    <div
      ref={box}
      className={cn('relative min-w-0', reserving && RESERVED, className)}
      aria-busy={reserving || undefined}
      data-tweet-state={state}
    >
      {/* X's iframe sizes itself to this box; it must stay rendered (not display:none) while it measures. */}
      <div ref={target} className="tweet-host [&_.twitter-tweet]:my-0! [&_iframe]:max-w-full" />
      {reserving ? <TweetSkeleton /> : null}
      {state === 'unavailable' ? (
        <div className="flex items-start gap-2.5 rounded-xl border border-line bg-ink-2/60 px-3.5 py-3 text-sm text-muted">
          <CloudOff className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
          <span>The tweet preview couldn’t load. Open the link to read it on X.</span>
        </div>
      ) : null}
    </div>
  );
}
