// /reports/devanning/new: the Devanning Report form (spec 002 §2, §5). Photos go to
// /api/devanning-reports/upload-photos as they are taken and the report to /api/devanning-reports, from the
// browser (Idempotency-Key), so this route takes no writes.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DevanningForm } from "~/components/reports/devanning-form";
import { policies } from "~/domain/access/policy";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.grant("devanningReports:create");

export const meta: MetaFunction = () => [{ title: "Devanning Report — Golden Grain" }];

export const loader = pageLoader(policy, ({ viewer }) => ({ owner: viewer.email, staffName: viewer.name }));

export const action = noAction(policy);

export default function NewDevanningReport() {
  const { owner, staffName } = useLoaderData<typeof loader>();
  return <DevanningForm owner={owner} staffName={staffName} />;
}
