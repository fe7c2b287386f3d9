import { describe, expect, it } from 'vitest';
import { bookingWhatsappMessage, clinic, whatsappLink } from './clinic';

describe('clinic identity', () => {
  it('keeps the spec fixed facts', () => {
    expect(clinic.tagline1).toBe('Gentle Care for Every Smile');
    expect(clinic.tagline2).toBe('From Little Ones to Loved Ones');
    expect(clinic.address).toMatchObject({ locality: 'Moshi', city: 'Pimpri-Chinchwad, Pune', postalCode: '412105' });
    expect(clinic.whatsappNumber.startsWith('91')).toBe(true);
    expect(clinic.phoneHref).toBe(`tel:+${clinic.whatsappNumber}`);
    expect(clinic.socialLinks).toHaveLength(2);
  });

  it('builds map links from the address', () => {
    expect(clinic.mapLink.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    expect(clinic.mapEmbed).toMatch(/^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
    expect(decodeURIComponent(clinic.mapLink)).toContain('412105');
  });

  it('builds WhatsApp links with an encoded message', () => {
    expect(whatsappLink()).toBe('https://wa.me/919876543210');
    expect(whatsappLink('Hi & bye')).toBe('https://wa.me/919876543210?text=Hi%20%26%20bye');
    expect(decodeURIComponent(whatsappLink(bookingWhatsappMessage).split('text=')[1])).toBe(bookingWhatsappMessage);
  });
});
