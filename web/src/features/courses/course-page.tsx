// /course/{courseID}: the shared course view as a page of its own.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CourseNotFound } from './course-not-found';
import { CourseView } from './course-view';

export function CoursePage() {
  const { courseID = '' } = useParams();
  // Only a plain positive number can name a course; anything else is answered here, without a call.
  const courseId = /^\d{1,10}$/.test(courseID) ? Number(courseID) : 0;
  const [title, setTitle] = useState('Course');
  useDocumentTitle(courseId > 0 ? title : 'Course not found');

  return (
    <div className="page course-page">
      {courseId > 0 ? (
        <CourseView
          // A new id is a new course: start from "loading", not from the previous one.
          key={courseId}
          courseId={courseId}
          headingLevel={1}
          onLoaded={(course) => setTitle(course ? `${course.course_number} ${course.name}` : 'Course not found')}
        />
      ) : (
        <CourseNotFound />
      )}
    </div>
  );
}
