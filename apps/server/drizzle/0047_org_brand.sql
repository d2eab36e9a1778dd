ALTER TABLE "organizations" ADD COLUMN "brand_logo_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_accent_color" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_show_vendor_mark" boolean DEFAULT true NOT NULL;