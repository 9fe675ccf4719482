export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}

/** The landing page's testimonial. */
export const testimonial: Testimonial = {
  quote:
    'The practice sets showed me exactly where I was weak. By exam day the questions felt familiar, and I walked in calm instead of panicked.',
  author: 'Maria S.',
  role: 'Practical nursing graduate',
};
