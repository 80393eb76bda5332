ALTER TABLE "slides" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "info_pages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "info_pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;