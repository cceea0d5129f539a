// The loaded order's header on the Pick List Check page, its dates in the product's format ('Nov 25, 2026').
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { formatOrderDate } from "~/domain/orders/format";
import type { PickCheckOrder } from "~/services/pick-list.server";

type Order = Omit<PickCheckOrder, "lines" | "saved" | "room"> & { lineCount: number; units: number };

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="truncate text-sm font-medium text-slate-900" title={value}>
        {value || "—"}
      </dd>
    </div>
  );
}

export function OrderSummary({ order }: { order: Order }) {
  return (
    <Card>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold text-slate-900" data-testid="order-number">
            {order.orderNumber}
          </h2>
          <span className="text-slate-600">— {order.customerName || "—"}</span>
          <Badge tone="purple">{order.orderStatus}</Badge>
          {order.pickList.completedAt ? <Badge tone="green">Pick completed</Badge> : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Fact label="Order date" value={formatOrderDate(order.orderDate)} />
          <Fact label="Type" value={order.orderType} />
          <Fact label="Warehouse" value={order.warehouseLocation} />
          <Fact label="Lines" value={String(order.lineCount)} />
          <Fact label="Units" value={String(order.units)} />
          <Fact label="Pick list" value={order.pickList.hasReleaseOrder ? `Generated ${order.pickList.generatedAt ? formatOrderDate(order.pickList.generatedAt) : ""}`.trim() : "Not generated"} />
        </dl>
      </CardContent>
    </Card>
  );
}
