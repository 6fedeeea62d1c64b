/** Arabic text of the contact page's first-run demo content, paired by position with the English seed; shared fields (images, phones, addresses for e-mail, links) are not repeated. */

export const CONTACT_PAGE_ARABIC = {
  title: 'تواصل معنا',
  description: 'سواء كنت تشتري أو تبيع أو تستثمر في مشاريع على الخريطة، فإن مستشارينا في دبي وأبوظبي في خدمتك. نرد على كل استفسار خلال يوم عمل واحد.',
  our_branches: [
    { title: 'المقر الرئيسي في دبي', location: 'مكتب 2104، برج دامان، شارع المستقبل، مركز دبي المالي العالمي، دبي، الإمارات العربية المتحدة' },
    { title: 'فرع أبوظبي', location: 'الطابق 12، برج المقام، ساحة سوق أبوظبي العالمي، جزيرة المارية، أبوظبي، الإمارات العربية المتحدة' },
  ],
  seo: {
    meta_title: 'تواصل مع مستشاري العقارات الفاخرة في دبي وأبوظبي',
    meta_description: 'تحدّث إلى مستشار عقارات فاخرة عن الفلل والبنتهاوس والمشاريع على الخريطة في أنحاء الإمارات.',
  },
} as const;
