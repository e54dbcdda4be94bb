import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Glow } from '@/client/components/ui/glow';
import { MSG } from '@/shared/messages';

/** Spec §2: any other path. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="container-content relative isolate grid min-h-[70dvh] place-items-center py-16 text-center">
      <Glow className="left-1/2 top-1/2 -z-10 h-72 w-[28rem] max-w-full -translate-x-1/2 -translate-y-1/2 opacity-15" />
      <div className="max-w-md">
        <p className="text-8xl font-bold tracking-tighter text-accent-gradient tabular-nums sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-3 text-muted">
          The page you are looking for doesn&apos;t exist or has moved. Check the address, or head back.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonVariants({ size: 'lg' })}>
            <House aria-hidden="true" />
            {MSG.notFound.back}
          </Link>
          <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            {MSG.notFound.goBack}
          </Button>
        </div>
      </div>
    </div>
  );
}
