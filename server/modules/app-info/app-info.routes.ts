import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appInfoSchema, type AppInfo } from "../../../contracts/app-info.ts";

export const appInfoRoutes: FastifyPluginAsyncZod<{ info: AppInfo }> = async (app, { info }) => {
  app.get("/api/app-info", { schema: { response: { 200: appInfoSchema } } }, async () => info);
};
