CREATE TABLE "insight_department_days" (
	"department_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_department_days_department_id_day_metric_pk" PRIMARY KEY("department_id","day","metric")
);
--> statement-breakpoint
ALTER TABLE "insight_department_days" ADD CONSTRAINT "insight_department_days_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;