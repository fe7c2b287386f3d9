// The clinic's identity in one place (CLINIC-2). The product ships a neutral demo identity;
// a real clinic replaces these values and nothing else.

const name = 'Smile Care Dental Clinic';
const whatsappNumber = '919876543210';
const address = {
  line1: 'Shop 4, Sunrise Plaza, Spine Road',
  locality: 'Moshi',
  city: 'Pimpri-Chinchwad, Pune',
  postalCode: '412105',
  state: 'Maharashtra',
  country: 'IN',
} as const;
const addressText = `${address.line1}, ${address.locality}, ${address.city}, ${address.state} ${address.postalCode}`;
const mapQuery = encodeURIComponent(`${name}, ${addressText}`);

export const clinic = {
  name,
  tagline1: 'Gentle Care for Every Smile',
  tagline2: 'From Little Ones to Loved Ones',
  doctorName: 'Dr. Ananya Deshpande',
  doctorTitle: 'BDS, MDS',
  doctorRole: 'Family & Cosmetic Dentist',
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  whatsappNumber,
  email: 'hello@smilecare-dental.example',
  address,
  addressText,
  mapLink: `https://www.google.com/maps/search/?api=1&query=${mapQuery}`,
  mapEmbed: `https://www.google.com/maps?q=${mapQuery}&output=embed`,
  // Empty means the clinic is not GST-registered; the invoice then omits the GSTIN line (INV-13).
  gstin: '',
  // Maharashtra's GST state code, printed beside the GSTIN.
  stateCode: '27',
  socialLinks: [
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'Facebook', href: 'https://www.facebook.com/' },
  ],
  // The opening hours are the clinic's setting (SET-8; shared/domain/opening-hours.ts), not a constant.
  hoursNote: 'Emergency appointments available by phone',
  // CLINIC-10: the home page's rating claim while fewer than ten approved reviews give one (REV-5).
  rating: '4.9',
  ratingCount: '1000+',
  yearsExperience: '5+',
  // Only a default: the server's configuration supplies the real public address.
  siteUrl: 'http://localhost:3000',
} as const;

export const bookingWhatsappMessage = `Hello ${name}, I would like to book an appointment. Please let me know a suitable date and time.`;

/** A wa.me chat link to the clinic's WhatsApp number, optionally with a prefilled message. */
export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${clinic.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
