export interface Testimonial {
  name: string;
  treatment: string;
  rating: number;
  text: string;
  initials: string;
}

// Demo testimonials for the home carousel (SPEC: 4 built in). A real clinic replaces them with its own.
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Priya Kulkarni',
    treatment: 'Teeth Whitening',
    rating: 5,
    text: 'I was nervous about whitening, but the doctor explained every step and my teeth never felt sensitive. My smile looks brighter and still natural.',
    initials: 'PK',
  },
  {
    name: 'Rohan Joshi',
    treatment: 'Root Canal Treatment',
    rating: 5,
    text: 'I had put off my root canal for months out of fear. It was far more comfortable than I expected, and the tooth has been pain-free ever since.',
    initials: 'RJ',
  },
  {
    name: 'Sneha Patil',
    treatment: 'Braces',
    rating: 5,
    text: 'Our daughter actually looks forward to her visits. The team is patient with children and kept us informed at every stage of her braces.',
    initials: 'SP',
  },
  {
    name: 'Amit Jadhav',
    treatment: 'Dental Implants',
    rating: 5,
    text: 'The implant feels just like my own tooth. Clear pricing, on-time appointments and a spotless clinic close to home in Moshi.',
    initials: 'AJ',
  },
];
