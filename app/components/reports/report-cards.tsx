// The Reports landing's two cards (spec 002 §2): Create Report and View Reports shown per grant (§6); the
// server refuses the same calls to those without them.
import { Link } from "@remix-run/react";
import { ClipboardList, Container, Eye, Plus } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

export type ReportAccess = { stockTransferCreate: boolean; stockTransferView: boolean; devanningCreate: boolean; devanningView: boolean; stockTransferUpdate: boolean; devanningReview: boolean };

const CARDS = [
  {
    title: "Stock Transfer Receiving Report",
    description: "Goods received from another location: items, condition, signature and photos.",
    Icon: ClipboardList,
    path: "/reports/stock-transfer",
    create: "stockTransferCreate",
    view: "stockTransferView",
    name: "stock transfer",
  },
  {
    title: "Devanning Report",
    description: "Container unloading: cargo counts, container condition, environment and photos.",
    Icon: Container,
    path: "/reports/devanning",
    create: "devanningCreate",
    view: "devanningView",
    name: "devanning",
  },
] as const;

export function ReportCards({ access }: { access: ReportAccess }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {CARDS.map(({ title, description, Icon, path, create, view, name }) => (
        <ReportCard
          key={path}
          title={title}
          description={description}
          icon={<Icon className="size-6" aria-hidden="true" />}
          createTo={access[create] ? `${path}/new` : null}
          viewTo={access[view] ? path : null}
          name={name}
        />
      ))}
    </div>
  );
}

function ReportCard({ title, description, icon, createTo, viewTo, name }: { title: string; description: string; icon: React.ReactNode; createTo: string | null; viewTo: string | null; name: string }) {
  return (
    <article aria-label={title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-800">{icon}</span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="mt-1 text-slate-700">{description}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {createTo ? (
          <Link to={createTo} className={buttonClass()} aria-label={`Create ${name} report`}>
            <Plus className="size-4" aria-hidden="true" /> Create Report
          </Link>
        ) : null}
        {viewTo ? (
          <Link to={viewTo} className={buttonClass({ variant: "outline" })} aria-label={`View ${name} reports`} preventScrollReset>
            <Eye className="size-4" aria-hidden="true" /> View Reports
          </Link>
        ) : null}
        {!createTo && !viewTo ? <p className="text-sm text-slate-600">You have no access to this report.</p> : null}
      </div>
    </article>
  );
}
