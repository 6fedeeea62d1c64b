/**
 * The other names buyers type for places and developers: abbreviations (JVC), short names (Downtown),
 * old names, and Arabic names where the feeds write none. The one table of them: a row names a place or
 * developer as a feed spells it, and what it also answers to. A name no catalogue holds suggests
 * nothing; add rows as the agency's areas grow (docs/search.md).
 */
export const OTHER_NAMES: ReadonlyArray<readonly [name: string, also: readonly string[]]> = [
  // Places
  ['Jumeirah Village Circle', ['JVC', 'قرية جميرا الدائرية']],
  ['Jumeirah Village Triangle', ['JVT', 'قرية جميرا المثلثة']],
  ['Jumeirah Lake Towers', ['JLT', 'أبراج بحيرات جميرا']],
  ['Jumeirah Beach Residence', ['JBR', 'مساكن شاطئ جميرا']],
  ['Dubai International Financial Centre', ['DIFC', 'مركز دبي المالي العالمي']],
  ['Downtown Dubai', ['Downtown', 'Burj Khalifa District', 'داون تاون دبي']],
  ['Dubai Marina', ['دبي مارينا']],
  ['Palm Jumeirah', ['The Palm', 'ذا بالم']],
  ['Dubai Hills Estate', ['Dubai Hills']],
  ['Mohammed Bin Rashid City', ['MBR City', 'MBR', 'Meydan']],
  ['Dubai Creek Harbour', ['Creek Harbour', 'The Lagoons']],
  ['Emaar Beachfront', ['Beachfront']],
  ['Dubai Sports City', ['DSC', 'Sports City']],
  ['Dubai Silicon Oasis', ['DSO']],
  ['Jumeirah Golf Estates', ['JGE']],
  ['Al Reem Island', ['Reem Island', 'Reem']],
  ['Al Marjan Island', ['Marjan Island']],
  ['Sharjah Waterfront City', ['SWC']],
  ['Abu Dhabi', ['AD', 'AUH']],
  ['Ras Al Khaimah', ['RAK']],
  ['Umm Al Quwain', ['UAQ']],
  // Developers
  ['Emaar Properties', ['Emaar', 'إعمار']],
  ['DAMAC Properties', ['Damac', 'داماك']],
  ['Nakheel', ['نخيل']],
  ['Meraas', ['مراس']],
  ['Sobha Realty', ['Sobha', 'شوبا']],
  ['Aldar Properties', ['Aldar', 'الدار']],
  ['Ellington Properties', ['Ellington']],
  ['Binghatti', ['Binghatti Developers', 'بن غاطي']],
  ['Danube Properties', ['Danube', 'دانوب']],
  ['Azizi Developments', ['Azizi', 'عزيزي']],
  ['Majid Al Futtaim', ['MAF', 'ماجد الفطيم']],
  ['RAK Properties', ['رأس الخيمة العقارية']],
];
