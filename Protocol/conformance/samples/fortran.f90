! Conformance sample in Fortran: 🙂 emoji, 한국어 and 日本語 in comments, \r\n lines.
module geometry
  implicit none
  type :: point  ! 점 👨‍👩‍👧‍👦
    integer :: x, y
  end type point
contains
  integer function add(a, b)  ! 🇰🇷
    integer, intent(in) :: a, b
    add = a + b
  end function add
end module geometry

program main
  use geometry
  print *, '안녕하세요', add(1, 2)
end program main
