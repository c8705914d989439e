import type { UseFormRegisterReturn } from 'react-hook-form';
import { roomImages } from '@outing/contract';

const captions: Record<(typeof roomImages)[number], string> = {
  birthday: 'Birthday',
  gathering: 'Gathering',
  party: 'Party',
  sports: 'Sports',
  travel: 'Travel',
  pets: 'Pets',
};

/** The six room pictures as a radio group of thumbnails (product-spec §3; default birthday). */
export function ImagePicker({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Image</legend>
      <div className="grid grid-cols-3 gap-2">
        {roomImages.map((name) => (
          <label
            key={name}
            className="group relative flex cursor-pointer flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 transition has-checked:ring-3 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type="radio" value={`/imgs/${name}.png`} className="sr-only" {...registration} />
            <img
              src={`/imgs/${name}.png`}
              alt=""
              loading="lazy"
              className="aspect-video w-full bg-brand-700 object-cover"
            />
            <span className="flex min-h-8 items-center justify-center gap-1 px-1 text-xs font-semibold text-slate-700 group-has-checked:bg-brand-600 group-has-checked:text-white">
              {captions[name]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
