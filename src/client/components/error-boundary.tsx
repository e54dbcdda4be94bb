import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of `children` when they throw while rendering, or when code they
 * load on demand fails to download (offline, or a deploy replaced the files). Key it by what
 * it shows, so showing something else clears the error.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
