import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { campSettingsBodySchema, campSettingsSchema, idleSignOutSchema } from "../../../contracts/camp-settings.ts";
import { requireAdmin, requireStaff } from "../../http/authenticate.ts";
import type { CampSettingsRepository } from "./camp-settings.repository.ts";

export const campSettingsRoutes: FastifyPluginAsyncZod<{ settings: CampSettingsRepository }> = async (app, { settings }) => {
  // Public: a shared tablet's client needs the time before a camper signs in, and it is nothing personal.
  app.get("/api/camp-settings/idle", { schema: { response: { 200: idleSignOutSchema } } }, async () => {
    const { camperIdleMinutes } = await settings.get();
    return { camperIdleMinutes };
  });

  app.get("/api/staff/camp-settings", { schema: { response: { 200: campSettingsSchema } } }, async (request) => {
    requireStaff(request);
    return settings.get();
  });

  // The director sets them; a counselor reads them (the reel's title card names the camp).
  app.put("/api/staff/camp-settings", { schema: { body: campSettingsBodySchema, response: { 200: campSettingsSchema } } }, async (request) => {
    requireAdmin(request);
    return settings.set(request.body);
  });
};
