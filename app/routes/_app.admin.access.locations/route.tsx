// Admin Locations (spec 002 §2): Name, ID, Users, Groups (removable tags and an 'Add tag' box), Last
// Synced. Only changed groups are saved ('No changes', 'Location groups saved', or the server's error).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { X } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { PageHeading, UnsavedBar } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { addTag, ADMIN_TEXT, changedGroups } from "~/domain/admin/rules";
import { anyAnswer } from "~/domain/api-messages";
import { apiFetch } from "~/lib/api-client";
import { AlertFieldError } from "~/components/admin/field-alert";
import type { FieldErrors } from "~/domain/api-messages";
import { noAction, pageLoader } from "~/lib/route.server";
import { listLocations } from "~/services/admin.server";

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Locations — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => ({ success: true as const, data: await listLocations(ctx) }));

export const action = noAction(policy);

function formatSynced(iso: string | null) {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

const tagInputId = (id: string, where: string) => `location-${where}-${id.replace(/[^A-Za-z0-9_-]/g, "_")}-tag`;

/** The server's field errors ("2.groups.0": the third change's first tag) as messages per location id. */
function refusalsByLocation(fieldErrors: FieldErrors, changes: readonly { id: string; groups: string[] }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const [index, , tag] = key.split(".");
    const id = changes[Number(index)]?.id;
    if (!id) continue;
    const tagText = tag !== undefined ? changes[Number(index)]?.groups[Number(tag)] : undefined;
    out[id] = [...(out[id] ?? []), ...messages.map((m) => (tagText ? `${tagText}: ${m}` : m))];
  }
  return out;
}

export default function AdminLocations() {
  const { data } = useLoaderData<typeof loader>();
  const [saved, setSaved] = useState(data.map((l) => ({ id: l.id, groups: l.groups })));
  const [draft, setDraft] = useState(saved);
  const [tagText, setTagText] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The server's refusal per location id (what it said about that location's groups), kept until its groups change.
  const [refused, setRefused] = useState<Record<string, string[]>>({});
  const changes = changedGroups(saved, draft);
  const groupsOf = (id: string) => draft.find((d) => d.id === id)?.groups ?? [];
  const setGroups = (id: string, groups: string[]) => {
    setDraft((ds) => ds.map((d) => (d.id === id ? { ...d, groups } : d)));
    setRefused(({ [id]: _, ...rest }) => rest);
  };

  async function save() {
    if (!changes.length) {
      toast.info(ADMIN_TEXT.noChanges);
      return;
    }
    setSaving(true);
    const res = await apiFetch("/api/warehouses/locations/groups", anyAnswer, { method: "PUT", json: changes });
    setSaving(false);
    if (res.ok) {
      setSaved(draft);
      setRefused({});
      toast.success(ADMIN_TEXT.groupsSaved);
    } else {
      setRefused(refusalsByLocation(res.error.fieldErrors, changes));
      toast.error(ADMIN_TEXT.saveFailed, { description: res.error.message });
    }
  }

  function add(id: string) {
    const next = addTag(groupsOf(id), tagText[id] ?? "");
    if (next) setGroups(id, next);
    setTagText((t) => ({ ...t, [id]: "" }));
  }

  // The group chips and the tag field of one location (in its card on a phone, its row above). A chip's remove
  // button is a 44 px target on a phone and compact from md.
  // `where` keeps the card's and the row's ids apart (both are in the page; one is hidden by width).
  const groupsEditor = (l: (typeof data)[number], where: "card" | "row") => (
    <div className="flex flex-wrap items-center gap-1.5">
      {groupsOf(l.id).map((g) => (
        <span key={g} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-2.5 text-sm max-md:py-0 md:pr-2.5">
          {g}
          <button
            type="button"
            aria-label={`Remove ${g} from ${l.name}`}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-black/10 md:size-auto md:p-0.5"
            onClick={() => setGroups(l.id, groupsOf(l.id).filter((x) => x !== g))}
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      ))}
      <Input
        autoComplete="off"
        aria-label={`Add tag to ${l.name}`}
        placeholder="Add tag"
        className="min-h-11 w-28 md:min-h-9"
        value={tagText[l.id] ?? ""}
        onChange={(e) => setTagText((t) => ({ ...t, [l.id]: e.target.value }))}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add(l.id);
          }
        }}
        onBlur={() => (tagText[l.id] ?? "").trim() && add(l.id)}
        {...(refused[l.id] ? { "aria-invalid": true as const, "aria-describedby": `${tagInputId(l.id, where)}-error` } : {})}
      />
      <div className="basis-full empty:hidden">
        <AlertFieldError id={tagInputId(l.id, where)} messages={refused[l.id]} />
      </div>
    </div>
  );

  return (
    <div>
      <PageHeading title="Locations" description="These come from system mappings. Use these IDs in user assignments.">
        <Button onClick={() => void save()} disabled={saving}>
          Save
        </Button>
      </PageHeading>
      {/* A phone gets a card per location (five columns do not fit 390 px); md and up the table. */}
      <ul className="space-y-3 md:hidden" aria-label="Locations">
        {data.map((l) => (
          <li key={l.id} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <p className="font-semibold text-slate-900">{l.name}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">ID</dt>
              <dd className="font-mono">{l.id}</dd>
              <dt className="text-slate-600">Users</dt>
              <dd>{l.usersCount}</dd>
              <dt className="text-slate-600">Last Synced</dt>
              <dd className="text-slate-700">{formatSynced(l.lastSynced)}</dd>
            </dl>
            <p className="mt-2 text-sm font-semibold text-slate-700">Groups</p>
            {groupsEditor(l, "card")}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full min-w-[40rem] text-left">
          <thead className="border-b border-slate-200 text-sm text-slate-700">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">ID</th>
              <th className="px-3 py-2">Users</th>
              <th className="px-3 py-2">Groups</th>
              <th className="px-3 py-2">Last Synced</th>
            </tr>
          </thead>
          <tbody>
            {data.map((l) => (
              <tr key={l.id} className="border-b border-slate-100 align-top">
                <td className="px-3 py-3 font-semibold">{l.name}</td>
                <td className="px-3 py-3 font-mono text-sm">{l.id}</td>
                <td className="px-3 py-3">{l.usersCount}</td>
                <td className="px-3 py-3">{groupsEditor(l, "row")}</td>
                <td className="px-3 py-3 text-sm whitespace-nowrap text-slate-700">{formatSynced(l.lastSynced)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <UnsavedBar dirty={changes.length > 0} saving={saving} onDiscard={() => setDraft(saved)} onSave={() => void save()} />
    </div>
  );
}
