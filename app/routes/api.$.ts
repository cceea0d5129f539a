// Any /api path no route answers: JSON 404 for every method, never the HTML 404 page.
import { policies } from "~/domain/access/policy";
import { NotFoundError } from "~/domain/errors";
import { apiRoute } from "~/lib/route.server";

export const policy = policies.public;

const unknown = () => {
  throw new NotFoundError("No such API endpoint");
};

const route = apiRoute(policy, { GET: unknown, POST: unknown, PUT: unknown, PATCH: unknown, DELETE: unknown });

export const loader = route.loader;
export const action = route.action;
