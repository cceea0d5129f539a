// Admin Users (spec 002 §2): placeholder while the screen is built.
import { useLoaderData } from "@remix-run/react";
import { policies } from "~/domain/access/policy";
import { noAction, pageLoader } from "~/lib/route.server";
import { listAdminUsers, listLocations, listRoles, usersQuerySchema } from "~/services/admin.server";
import { listWorkers } from "~/services/workers.server";

export const policy = policies.admin;

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [users, roles, locations, workers] = await Promise.all([
    listAdminUsers(ctx, usersQuerySchema.parse({ limit: "25", page: "1" })),
    listRoles(ctx),
    listLocations(ctx),
    listWorkers(ctx, {}),
  ]);
  return { users, roles, locations, workers };
});

export const action = noAction(policy);

export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  return <h1>Users {data.users.data.length}</h1>;
}
