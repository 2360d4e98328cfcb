CREATE TABLE "payment_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"order_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
