DROP INDEX "resultado_id_usuario_idx";--> statement-breakpoint
CREATE INDEX "intento_usuario_nivel_fecha_idx" ON "intento" USING btree ("id_usuario","id_nivel","fecha","id_intento");--> statement-breakpoint
CREATE INDEX "partida_usuario_fecha_idx" ON "partida" USING btree ("id_usuario","fecha");--> statement-breakpoint
CREATE INDEX "resultado_usuario_fecha_idx" ON "resultado" USING btree ("id_usuario","fecha");