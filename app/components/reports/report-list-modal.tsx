// A report list as a modal over the Reports landing (spec 002 §2): the heading and cards stay behind it, and
// closing it returns to /reports without moving the page.
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/ui/dialog";
import { ReportCards, type ReportAccess } from "./report-cards";

export function ReportListModal({ access, title, children }: { access: ReportAccess; title: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reports</h1>
      <ReportCards access={access} />
      <Dialog open onClose={() => navigate("/reports", { preventScrollReset: true })} title={title} className="sm:max-w-3xl lg:max-w-5xl">
        {children}
      </Dialog>
    </div>
  );
}
