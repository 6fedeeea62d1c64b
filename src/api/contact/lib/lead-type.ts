/**
 * What a lead is in Strapi: its content type, and the source every lead is stored with. Constants of
 * their own, so the delivery outbox, the admin routes and the contact service read them without
 * importing one another.
 */
export const CONTACT_UID = 'api::contact.contact';
export const CONTACT_TYPE = 'Website Contact Form';
