import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { reportError } from "~/browser/report-error";

interface Props {
  type: string;
  children: ReactNode;
}

/** One failing widget shows its own notice; the rest of the page keeps working. */
export class WidgetBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn(`widget ${this.props.type} failed:`, error);
    if (typeof window !== "undefined") reportError("widget", error, this.props.type);
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="widget-failed" role="status" data-widget-failed={this.props.type}>
          <FailedNotice />
        </div>
      );
    }
    return this.props.children;
  }
}

/** A function component, so the notice reads its text with the hook every other text uses (no <Trans> runtime). */
function FailedNotice() {
  const { t } = useTranslation("common");
  return t("widget.failed");
}

export function WidgetSkeleton({ type }: { type: string }) {
  return <div className={`skeleton skeleton-${type}`} aria-busy="true" />;
}
