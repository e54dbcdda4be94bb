import { Link } from 'react-router';
import { cn } from '@/client/lib/cn';
import { profilePath } from '@/shared/links';

/**
 * A person's name, linking to their public profile when the server says it answers
 * (issue 19: leaderboard rows and names across the app link to it; a hidden profile's
 * name links nowhere). `label` is what to show when it differs from the name (a fallback).
 */
export function ProfileName({
  name,
  linked,
  className,
  label,
}: {
  name: string | null;
  linked: boolean;
  className?: string;
  label?: string;
}) {
  const text = label ?? name ?? '';
  if (!linked || !name) return <span className={className}>{text}</span>;
  return (
    <Link
      to={profilePath(name)}
      className={cn(className, 'underline-offset-4 hover:text-accent-to hover:underline')}
    >
      {text}
    </Link>
  );
}
