ALTER TABLE "stock_alerts" ADD COLUMN "armed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "quiet_until" timestamp with time zone;