import { Component, type ReactNode } from "react";
import type { Reporter } from "../kernel/errors/report.ts";

interface Props {
  report: Reporter;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a rendering bug inside the element: the host page never sees it thrown. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.report(error, "rendering failed");
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
