// The tables content owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { type Localized } from '../../i18n/lang.js';

/** The category tree (two levels in the demo shop; any depth works). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
    icon: text('icon'),
    image: text('image'),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo'),
  sort: integer('sort').notNull().default(0),
});

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: jsonb('title').$type<Localized>().notNull(),
    excerpt: jsonb('excerpt').$type<Localized>().notNull(),
    /** Sanitised HTML per language. */
    body: jsonb('body').$type<Localized>().notNull(),
    cover: text('cover'),
    /** Null: a draft (staff only); the shop lists posts published up to now. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blogs_published_idx').on(t.publishedAt)],
);

export const infoPages = pgTable('info_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<Localized>().notNull(),
  body: jsonb('body').$type<Localized>().notNull(),
  /** An unpublished page is a 404 in the shop (staff still edit it). */
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The shop's physical stores (docs/product.md "The shop": three, each with a street address). */
export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  address: jsonb('address').$type<Localized>().notNull(),
  landmark: jsonb('landmark').$type<Localized>(),
  phone: text('phone').notNull(),
  hours: jsonb('hours').$type<Localized>().notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Home-page banners; the shop shows the active ones with a picture, within their dates. */
export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  /** Media key; null until staff upload the picture (not shown until then). */
  image: text('image'),
  title: jsonb('title').$type<Localized>().notNull(),
  subtitle: jsonb('subtitle').$type<Localized>(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Shown from this moment on (null: already); hidden from `endsAt` on (null: never). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** Shop-wide delivery settings: one row, key 'default'. Money in integer so'm. */
export const deliverySettings = pgTable('delivery_settings', {
  key: text('key').primaryKey(),
  deliverySum: integer('delivery_sum').notNull(),
  freeDeliveryThreshold: integer('free_delivery_threshold').notNull(),
  expressNote: jsonb('express_note').$type<Localized>().notNull(),
  pickupNote: jsonb('pickup_note').$type<Localized>().notNull(),
});

/** Courier tariff per region of Uzbekistan, with its towns (docs/product.md "Regions, delivery and payment"). */
export const deliveryRegions = pgTable('delivery_regions', {
  slug: text('slug').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  cities: jsonb('cities').$type<Array<{ slug: string; name: Localized }>>().notNull(),
  /** Fee for the first `baseWeightG` grams. */
  baseFee: integer('base_fee').notNull(),
  baseWeightG: integer('base_weight_g').notNull(),
  /** Fee for each further started kilogram. */
  perKgFee: integer('per_kg_fee').notNull(),
  days: text('days').notNull(),
  expressAvailable: boolean('express_available').notNull().default(false),
  /** False: the shop does not deliver there now (the checkout does not offer it; past orders keep its name). */
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});
